/**
 * The checkout's and the order history's inline icons (decorative).
 */
const base = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export function BackIcon() {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}

export function DeliveryIcon() {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M2 6h11v10H2zM13 10h4l3 3v3h-7z" />
      <circle cx="6" cy="17.5" r="1.8" fill="#fff" />
      <circle cx="17" cy="17.5" r="1.8" fill="#fff" />
    </svg>
  );
}

export function PickupIcon() {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M3 9l1.5-5h15L21 9M3 9h18v11H3zM9 20v-6h6v6" />
    </svg>
  );
}

export function ProductPlaceholderIcon() {
  return (
    <svg {...base} fill="currentColor">
      <path d="M12 3c-4 2-6 6-6 10a6 6 0 0 0 12 0c0-4-2-8-6-10Zm0 16a4 4 0 0 1-4-4c0-2.6 1.3-5.4 4-7.4V19Z" />
    </svg>
  );
}

export function MinusIcon() {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <path d="M6 12h12" />
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <path d="M12 6v12M6 12h12" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
