import type { ReactNode } from 'react';

/**
 * The ways to pay, as small marks of our own drawing (SPEC 2.7: cards, wallets, the instalment
 * provider): no downloaded logo, no request, the same in both directions. The words inside the
 * marks are the brands' own (Latin in Arabic too, as their owners write them).
 */
function Mark({
  label,
  bg,
  border = false,
  children,
}: {
  label: string;
  bg: string;
  border?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <svg
        role="img"
        aria-label={label}
        viewBox="0 0 48 30"
        className="h-7 w-11"
        // A brand mark keeps its drawing in right-to-left pages.
        direction="ltr"
      >
        <rect x="0.5" y="0.5" width="47" height="29" rx="5" fill={bg} stroke={border ? '#d6c7b8' : bg} />
        {children}
      </svg>
    </li>
  );
}

const font = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

export function PaymentMarks({ label }: { label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap items-center gap-1.5" data-testid="payment-marks">
      <Mark label="Visa" bg="#ffffff" border>
        <text
          x="24"
          y="19.5"
          textAnchor="middle"
          fontFamily={font}
          fontSize="13"
          fontWeight="800"
          fontStyle="italic"
          fill="#1a1f71"
        >
          VISA
        </text>
      </Mark>
      <Mark label="Mastercard" bg="#ffffff" border>
        <circle cx="19" cy="15" r="8" fill="#eb001b" />
        <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        <path d="M24 8.8a8 8 0 0 1 0 12.4a8 8 0 0 1 0-12.4z" fill="#ff5f00" />
      </Mark>
      <Mark label="Apple Pay" bg="#000000">
        {/* An apple: its body and its leaf. */}
        <path
          d="M13.6 11.2c1.3 0 2 .8 3.1.8 1 0 1.6-.8 3-.8 1 0 2 .5 2.6 1.4-2.3 1.3-1.9 4.6.4 5.5-.5 1.4-1.4 3.2-2.7 3.2-1 0-1.2-.6-2.4-.6s-1.5.6-2.4.6c-1.5 0-3.6-2.8-3.6-5.8 0-2.6 1.5-4.3 2-4.3z"
          fill="#ffffff"
        />
        <path d="M18.9 7.2c.1 1.4-1.1 2.8-2.4 2.7-.1-1.3 1.1-2.6 2.4-2.7z" fill="#ffffff" />
        <text x="24" y="19.5" fontFamily={font} fontSize="11" fontWeight="600" fill="#ffffff">
          Pay
        </text>
      </Mark>
      <Mark label="Google Pay" bg="#ffffff" border>
        {/* A G of the four colours: an open ring and its bar. */}
        <path d="M18.2 11.3a5 5 0 1 0 .8 4.2" fill="none" stroke="#4285f4" strokeWidth="2.2" />
        <path d="M9.8 13.1a5 5 0 0 1 8.4-1.8" fill="none" stroke="#ea4335" strokeWidth="2.2" />
        <path d="M9.7 17a5 5 0 0 1 0-3.9" fill="none" stroke="#fbbc04" strokeWidth="2.2" />
        <path d="M19 15.5a5 5 0 0 1-9.3 1.5" fill="none" stroke="#34a853" strokeWidth="2.2" />
        <path d="M14.5 14.6h4.8" stroke="#4285f4" strokeWidth="2" />
        <text x="22" y="19.5" fontFamily={font} fontSize="11" fontWeight="600" fill="#5f6368">
          Pay
        </text>
      </Mark>
      <Mark label="Tabby" bg="#3bffc1">
        <text
          x="24"
          y="19.5"
          textAnchor="middle"
          fontFamily={font}
          fontSize="12.5"
          fontWeight="800"
          fill="#292929"
        >
          tabby
        </text>
      </Mark>
    </ul>
  );
}

/** A closed padlock, drawn with the text's colour. */
export function LockIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0" aria-hidden="true">
      <rect x="4" y="9" width="12" height="8.5" rx="1.5" fill="currentColor" />
      <path d="M6.8 9V6.5a3.2 3.2 0 0 1 6.4 0V9" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
