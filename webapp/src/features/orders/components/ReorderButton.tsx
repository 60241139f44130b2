/**
 * 'Pedir de novo' on a past order (its card in the history and its detail): one tap fills the bag
 * with the order's lines at today's prices (../reorder.ts) and says what changed or is no longer
 * available.
 */
import { useState } from 'react';
import { useOffline } from '@/lib/online';
import { reorderIntoBag, type ReorderOutcome } from '../reorder';

export function ReorderButton({ idpedido }: { idpedido: string }) {
  const offline = useOffline();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReorderOutcome | null>(null);

  async function go() {
    setBusy(true);
    setResult(null);
    setResult(await reorderIntoBag(idpedido));
    setBusy(false);
  }

  return (
    <div className="reorder">
      <button type="button" className="btn btn--small btn--ghost" disabled={busy || offline} onClick={() => void go()}>
        {busy ? 'Montando a sacola...' : 'Pedir de novo'}
      </button>
      {result && (
        <ul className={result.ok ? 'form__ok reorder__result' : 'form__error reorder__result'} role="status" data-testid="pedir-de-novo">
          {result.mensagens.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
