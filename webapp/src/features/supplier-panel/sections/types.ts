/**
 * What every panel section receives: the supplier's data as loaded, a local patch after a save,
 * and a reload from the server.
 */
import type { DadosPainel, Pedido } from '../api/actions';

export interface SectionProps {
  usuario: string;
  forn: DadosPainel;
  update: (patch: Partial<DadosPainel>) => void;
  reload: () => Promise<void>;
}

/** The message of a wasm-core rule's refusal (a thrown `Error`), for the sections. */
export { errorText } from '@/lib/errorText';

/** What the panel hands its sections: the live order events' counter and the pending orders. */
export interface PanelViewProps extends SectionProps {
  live: number;
  pendentes: Pedido[] | null;
  onOrdersChanged: () => void;
}
