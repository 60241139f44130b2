/**
 * The header's region selector: shows the current region and opens the region dialog.
 */
import { PinIcon } from '@/components/icons';
import { useRegion } from '@/hooks/useRegion';

export function RegionButton({ className = '' }: { className?: string }) {
  const { regiao, openRegionDialog } = useRegion();
  return (
    <button
      type="button"
      className={`region-btn ${className}`}
      onClick={openRegionDialog}
      title="Mudar região"
      data-testid="regiao-atual"
    >
      <PinIcon />
      <span className="region-btn__text">{regiao}</span>
    </button>
  );
}
