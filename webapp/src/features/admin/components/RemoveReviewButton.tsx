/**
 * 'Remover avaliação' on the admin's storefront (decisions.md §33): asks the reason, removes the
 * review (its author is e-mailed the reason) and reads the list again.
 */
import { useState } from 'react';
import { useStatusDialog } from '@/components/status-dialog';
import { removerAvaliacao } from '../api/moderacao';
import { ReasonDialog } from './ReasonDialog';

export function RemoveReviewButton({ idpedido, onRemoved }: { idpedido: string; onRemoved: () => void }) {
  const status = useStatusDialog();
  const [asking, setAsking] = useState(false);

  async function remove(motivo: string) {
    setAsking(false);
    status.loading();
    const r = await removerAvaliacao(idpedido, motivo);
    if (r.error !== undefined) return status.error(r.error);
    status.success('Avaliação removida.');
    onRemoved();
  }

  return (
    <>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setAsking(true)}>
        Remover avaliação
      </button>
      {asking && <ReasonDialog title="Remover avaliação?" confirmLabel="Remover" onCancel={() => setAsking(false)} onConfirm={(m) => void remove(m)} />}
    </>
  );
}
