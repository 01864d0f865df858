"""What a fuzz run reached: answers per operation and status, from Schemathesis' HAR report.

Schemathesis' own summary says which checks passed, not whether a request ever got past
validation, a limit or a missing id; a 2xx count per operation does. Run by scripts/fuzz.sh:
    python statuses.py OPENAPI_URL_OR_FILE HAR_FILE
Requests with a method a declared path does not take (the 405 probes) are counted on one line;
requests to paths the document does not declare under "(undeclared)".
"""

import json
import re
import sys
import urllib.request
from collections import Counter, defaultdict
from urllib.parse import urlsplit

METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


def load(source: str) -> dict:
    if source.startswith(("http://", "https://")):
        with urllib.request.urlopen(source) as response:  # noqa: S310 -- our own gateway
            return json.load(response)
    with open(source, encoding="utf-8") as fd:
        return json.load(fd)


def matchers(document: dict) -> list[tuple[re.Pattern[str], str, set[str]]]:
    """One regex per declared path; literal paths first so /a/list wins over /a/{id}."""
    found = []
    for path, item in document.get("paths", {}).items():
        pattern = "^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path)) + "/?$"
        found.append((re.compile(pattern), path, {m.upper() for m in item if m in METHODS}))
    found.sort(key=lambda m: m[1].count("{"))
    return found


def main() -> int:
    document = load(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as fd:
        entries = json.load(fd)["log"]["entries"]
    paths = matchers(document)
    counts: dict[str, Counter[int]] = defaultdict(Counter)
    for entry in entries:
        method = entry["request"]["method"].upper()
        path = urlsplit(entry["request"]["url"]).path
        label = "(undeclared)"
        for regex, template, methods in paths:
            if regex.match(path):
                # Other methods on a declared path: Schemathesis' 405 probes, one line for all of them.
                label = f"{method} {template}" if method in methods else "(other methods on declared paths)"
                break
        counts[label][entry["response"]["status"]] += 1

    print(f"fuzz: answers per operation ({len(entries)} requests)")
    print(f"  {'operation':<58} {'total':>6} {'2xx':>5}  statuses")
    for label in sorted(counts):
        statuses = counts[label]
        ok = sum(n for status, n in statuses.items() if 200 <= status < 300)
        detail = " ".join(f"{status}:{n}" for status, n in sorted(statuses.items()))
        print(f"  {label:<58} {sum(statuses.values()):>6} {ok:>5}  {detail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
