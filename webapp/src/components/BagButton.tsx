/**
 * The header's bag button, next to the account area: a bag icon with the number of products in
 * the bag; opens the bag drawer.
 */
import { useBag } from '@/lib/bag';

export function BagIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M5 8h14l-1.2 12.2a1 1 0 0 1-1 .8H7.2a1 1 0 0 1-1-.8L5 8Z" />
      <path d="M9 10V6a3 3 0 0 1 6 0v4" strokeLinecap="round" />
    </svg>
  );
}

export function BagButton({ className = '' }: { className?: string }) {
  const { count, open } = useBag();
  return (
    <button
      type="button"
      className={`bag-btn ${className}`}
      onClick={open}
      aria-haspopup="dialog"
      aria-label={`Sacola: ${count} ${count === 1 ? 'produto' : 'produtos'}`}
      data-testid="sacola"
    >
      <BagIcon />
      <span className="bag-btn__count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
