/**
 * What every panel section receives: the supplier's data as loaded, a local patch after a save,
 * and a reload from the server.
 */
import type { Page } from '@/hooks/usePagedList';
import type { DadosPainel, Pedido } from '../api/actions';

export interface SectionProps {
  usuario: string;
  forn: DadosPainel;
  /** After a save: patches the data shown (an empty patch when the save changed nothing shown here); while the new store's checklist shows, the panel reads its data again. */
  update: (patch: Partial<DadosPainel>) => void;
  reload: () => Promise<void>;
}

/** The message of a wasm-core rule's refusal (a thrown `Error`), for the sections. */
export { errorText } from '@/lib/errorText';

/** What the panel hands its sections: the live order events' counter and the pending orders (their first page, and how many in all). */
export interface PanelViewProps extends SectionProps {
  live: number;
  pendentes: Page<Pedido> | null;
  totalPendentes: number | null;
  onOrdersChanged: () => void;
  /** Entregas only: the order the notices' link names (`?pedido={id}`), to open at once. */
  linkedOrder?: string | null;
}
