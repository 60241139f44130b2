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
  const oculto = !!forn.oculto;
  const fechado = !!forn.compras;

  async function apply(which: 'perfil' | 'compras') {
    setAsk(null);
    status.loading();
    const r = which === 'perfil' ? await alterarVisibilidadeFornecedor(!oculto) : await alterarComprasFornecedor(!fechado);
    if (r.error !== undefined) return status.error();
    status.success();
    update(which === 'perfil' ? { oculto: !oculto } : { compras: !fechado });
  }

  return (
    <div className="panel-form">
      <div className="badges">
        <span className={`badge ${oculto ? 'badge--off' : 'badge--on'}`}>{oculto ? 'Perfil e produtos ocultos' : 'Perfil e produtos ativos'}</span>
        {fechado && <span className="badge badge--off">Compras desativadas</span>}
      </div>
      <label className="switch">
        <input type="checkbox" role="switch" checked={!oculto} onChange={() => setAsk('perfil')} />
        Perfil visível
      </label>
      <label className="switch">
        <input type="checkbox" role="switch" checked={!fechado} onChange={() => setAsk('compras')} />
        Compras ativas
      </label>
      {ask === 'perfil' && <ConfirmDialog message={oculto ? 'Exibir perfil?' : 'Ocultar perfil?'} onConfirm={() => void apply('perfil')} onCancel={() => setAsk(null)} />}
      {ask === 'compras' && <ConfirmDialog message={fechado ? 'Ativar compras?' : 'Desativar compras?'} onConfirm={() => void apply('compras')} onCancel={() => setAsk(null)} />}
    </div>
  );
}
