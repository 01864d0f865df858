# Reads `docker compose config` (compose v1's or v2's output) and prints "service host:port->target"
# for every port published on another address than 127.0.0.1, except the storefront's :3000 and the
# back office's :3001 (scripts/test.sh's compose step fails on any). Short and long port syntax.
function flush() {
  if (item) {
    if (published == "") published = "random"
    if (published != "" && host != "127.0.0.1" && !((svc == "web" && published == "3000") || (svc == "admin" && published == "3001")))
      print svc " " (host == "" ? "*" : host) ":" published "->" target
  }
  item = 0; host = ""; published = ""; target = ""
}
function unquote(v) { gsub(/["']/, "", v); return v }
/^services:/ { in_services = 1; next }
/^[^ ]/ { flush(); in_services = 0; in_ports = 0; next }
in_services && /^  [A-Za-z0-9._-]+:[ ]*$/ { flush(); in_ports = 0; svc = $1; sub(/:$/, "", svc); next }
in_services && /^    ports:/ { flush(); in_ports = 1; next }
in_ports && /^    [A-Za-z]/ { flush(); in_ports = 0; next }
in_ports && /^    - / {
  flush(); item = 1
  line = $0; sub(/^    - /, "", line)
  if (line ~ /^[a-z_]+:/) { key = line; sub(/:.*/, "", key); val = line; sub(/^[a-z_]+:[ ]*/, "", val); val = unquote(val)
    if (key == "published") published = val; else if (key == "target") target = val; else if (key == "host_ip") host = val
  } else {
    spec = unquote(line); sub(/\/[a-z]+$/, "", spec); n = split(spec, parts, ":")
    if (n == 3) { host = parts[1]; published = parts[2]; target = parts[3] }
    else if (n == 2) { published = parts[1]; target = parts[2] }
    else { published = "random"; target = parts[1] }
  }
  next
}
in_ports && /^      [a-z_]+:/ {
  key = $1; sub(/:$/, "", key); val = $0; sub(/^      [a-z_]+:[ ]*/, "", val); val = unquote(val)
  if (key == "published") published = val; else if (key == "target") target = val; else if (key == "host_ip") host = val
  next
}
END { flush() }
