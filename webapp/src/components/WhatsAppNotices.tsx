/**
 * 'Avisos pelo WhatsApp' (decisions.md §38; docs/notices.md): the opt-in for the profile's phone
 * (`papel` 'comprador') or the store's ('loja', in the supplier's panel), off by default, and
 * which kinds of notice go by WhatsApp (e-mail always stays). Hidden when the platform does not
 * send WhatsApp notices. A channel turned off by a 'PARAR' reply or a number WhatsApp refused says
 * so. Shared by the profile (account) and the supplier's panel, so it lives here.
 */
import { useEffect, useState } from 'react';
import { rpc, type RpcResult } from '@/lib/rpc';

type Avisos = Exclude<RpcResult<'pegar_avisos'>, { error: string }>;

const KINDS: Record<string, string> = {
  pedidos: 'Pedidos',
  pagamentos: 'Pagamentos e devoluções',
  entregas: 'Entregas',
  saques: 'Saques',
  reclamacoes: 'Reclamações',
  cestas: 'Cestas (assinaturas)',
};

export function WhatsAppNotices({ papel }: { papel: 'comprador' | 'loja' }) {
  const [avisos, setAvisos] = useState<Avisos | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let vivo = true;
    void rpc('pegar_avisos').then((r) => {
      if (vivo && r.error === undefined) setAvisos(r);
    });
    return () => {
      vivo = false;
    };
  }, []);

  if (!avisos || !avisos.disponivel) return null;
  const canal = papel === 'loja' ? avisos.loja : avisos.comprador;
  if (!canal) return null;
  const id = `whatsapp-${papel}`;

  async function change(ativo: boolean, tipos: { aviso: string; whatsapp: boolean }[] = []) {
    setSaving(true);
    const r = await rpc('alterar_avisos', { papel, ativo, avisos: tipos });
    setSaving(false);
    if (r.error !== undefined) return setErrorMessage(r.error);
    setErrorMessage(null);
    setAvisos(r);
  }

  return (
    <section className="profile-section whatsapp-notices" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Avisos pelo WhatsApp</h2>
      <label className="check">
        <input
          type="checkbox"
          data-testid={`${id}-ativo`}
          checked={canal.ativo}
          disabled={saving}
          onChange={(e) => void change(e.target.checked)}
        />{' '}
        Receber avisos pelo WhatsApp
      </label>
      <p className="muted">
        {canal.telefone ? `No número ${canal.telefone}. ` : 'Cadastre um telefone para receber avisos. '}
        Os e-mails continuam. Para parar, responda PARAR no WhatsApp.
      </p>
      {canal.aviso_desligado && <p role="status">{canal.aviso_desligado}</p>}
      {errorMessage && <p role="alert">{errorMessage}</p>}
      {canal.ativo && (
        <fieldset disabled={saving}>
          <legend>Quais avisos pelo WhatsApp</legend>
          {avisos.avisos.map((a) => (
            <label key={a.aviso} className="check">
              <input
                type="checkbox"
                checked={a.whatsapp}
                onChange={(e) => void change(true, [{ aviso: a.aviso, whatsapp: e.target.checked }])}
              />{' '}
              {KINDS[a.aviso] ?? a.aviso}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
