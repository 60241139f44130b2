/**
 * Visibilidade: profile visibility ('Ocultar perfil?' / 'Exibir perfil?') and purchases
 * ('Desativar compras?' / 'Ativar compras?'), each asked before it changes, with the badges
 * 'Perfil e produtos ativos' / 'Perfil e produtos ocultos' and 'Compras desativadas'.
 */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useStatusDialog } from '@/components/status-dialog';
import { alterarComprasFornecedor, alterarVisibilidadeFornecedor } from '../api/actions';
import type { SectionProps } from './types';

export function Visibility({ forn, update }: SectionProps) {
  const status = useStatusDialog();
  const [ask, setAsk] = useState<'perfil' | 'compras' | null>(null);
  const hidden = !!forn.oculto;
  const closed = !!forn.compras;

  async function apply(which: 'perfil' | 'compras') {
    setAsk(null);
    status.loading();
    const r = which === 'perfil' ? await alterarVisibilidadeFornecedor(!hidden) : await alterarComprasFornecedor(!closed);
    if (r.error !== undefined) return status.error();
    status.success();
    update(which === 'perfil' ? { oculto: !hidden } : { compras: !closed });
  }

  return (
    <div className="panel-form">
      <div className="badges">
        <span className={`badge ${hidden ? 'badge--off' : 'badge--on'}`}>{hidden ? 'Perfil e produtos ocultos' : 'Perfil e produtos ativos'}</span>
        {closed && <span className="badge badge--off">Compras desativadas</span>}
      </div>
      <label className="switch">
        <input type="checkbox" role="switch" checked={!hidden} onChange={() => setAsk('perfil')} />
        Perfil visível
      </label>
      <label className="switch">
        <input type="checkbox" role="switch" checked={!closed} onChange={() => setAsk('compras')} />
        Compras ativas
      </label>
      {ask === 'perfil' && <ConfirmDialog message={hidden ? 'Exibir perfil?' : 'Ocultar perfil?'} onConfirm={() => void apply('perfil')} onCancel={() => setAsk(null)} />}
      {ask === 'compras' && <ConfirmDialog message={closed ? 'Ativar compras?' : 'Desativar compras?'} onConfirm={() => void apply('compras')} onCancel={() => setAsk(null)} />}
    </div>
  );
}
