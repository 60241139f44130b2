/**
 * A supplier's round icon (`iconeforn`), or its initial-less placeholder, lazily loaded.
 */
import './StoreIcon.css';

export function StoreIcon({ src, size, className = '' }: { src: string | null | undefined; size: number; className?: string }) {
  if (src) {
    return (
      <img
        className={`store-icon ${className}`}
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className={`store-icon store-icon--ph ${className}`} style={{ width: size, height: size }} aria-hidden="true">
      <svg width={size / 2} height={size / 2} viewBox="0 0 24 24" fill="currentColor" focusable="false">
        <path d="M4 4h16l1 5a3 3 0 0 1-2 2.8V20H5v-8.2A3 3 0 0 1 3 9l1-5Zm3 9v5h4v-5H7Zm7 0v5h3v-5h-3Z" />
      </svg>
    </span>
  );
}
