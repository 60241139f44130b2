/**
 * The admin's bar on a product's or an ad's page: 'Ocultar produto' / 'Ocultar
 * anúncio' with a reason (e-mailed to its owner, shown in their panel), or 'Mostrar de novo' when
 * the admin hid it. Shown only to the admin: on the page itself, and for each product in the
 * admin's view of its store (`oculto` then says whether the moderation already hid it, `rotulo`
 * names it).
 */
import { useState } from 'react';
import { useStatusDialog } from '@/components/status-dialog';
import { moderarAnuncio, moderarProduto } from '../api/moderacao';
import { ReasonDialog } from './ReasonDialog';
import '../admin.css';

export function ModerationBar({ tipo, id, oculto: inicial = false, rotulo }: { tipo: 'produto' | 'anuncio'; id: string; oculto?: boolean; rotulo?: string }) {
  const status = useStatusDialog();
  const [asking, setAsking] = useState(false);
  const [hidden, setHidden] = useState(inicial);
  const name = tipo === 'produto' ? 'produto' : 'anúncio';
  const moderar = tipo === 'produto' ? moderarProduto : moderarAnuncio;

  async function set(hide: boolean, motivo: string) {
    setAsking(false);
    status.loading();
    const r = await moderar(id, hide, motivo);
    if (r.error !== undefined) return status.error(r.error);
    setHidden(r.oculto);
    status.success(hide ? `O ${name} foi ocultado e o responsável foi avisado por e-mail.` : `O ${name} voltou a aparecer.`);
  }

  return (
    <div className={rotulo ? 'admin-moderation' : 'container admin-moderation'} role="region" aria-label={rotulo ? `Moderação de ${rotulo}` : 'Moderação'}>
      <span>{rotulo ?? 'Moderação:'}</span>
      {rotulo && hidden && <span className="admin-badge">Oculto pela moderação</span>}
      {hidden ? (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void set(false, '')}>
          Mostrar de novo
        </button>
      ) : (
        <button type="button" className="btn btn--danger btn--small" onClick={() => setAsking(true)}>
          {tipo === 'produto' ? 'Ocultar produto' : 'Ocultar anúncio'}
        </button>
      )}
      {asking && (
        <ReasonDialog
          title={tipo === 'produto' ? 'Ocultar produto?' : 'Ocultar anúncio?'}
          confirmLabel="Ocultar"
          onCancel={() => setAsking(false)}
          onConfirm={(m) => void set(true, m)}
        />
      )}
    </div>
  );
}
