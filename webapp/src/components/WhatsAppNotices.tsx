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
  const [erro, setErro] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);

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

  async function alterar(ativo: boolean, tipos: { aviso: string; whatsapp: boolean }[] = []) {
    setSalvando(true);
    const r = await rpc('alterar_avisos', { papel, ativo, avisos: tipos });
    setSalvando(false);
    if (r.error !== undefined) return setErro(r.error);
    setErro(null);
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
          disabled={salvando}
          onChange={(e) => void alterar(e.target.checked)}
        />{' '}
        Receber avisos pelo WhatsApp
      </label>
      <p className="muted">
        {canal.telefone ? `No número ${canal.telefone}. ` : 'Cadastre um telefone para receber avisos. '}
        Os e-mails continuam. Para parar, responda PARAR no WhatsApp.
      </p>
      {canal.aviso_desligado && <p role="status">{canal.aviso_desligado}</p>}
      {erro && <p role="alert">{erro}</p>}
      {canal.ativo && (
        <fieldset disabled={salvando}>
          <legend>Quais avisos pelo WhatsApp</legend>
          {avisos.avisos.map((a) => (
            <label key={a.aviso} className="check">
              <input
                type="checkbox"
                checked={a.whatsapp}
                onChange={(e) => void alterar(true, [{ aviso: a.aviso, whatsapp: e.target.checked }])}
              />{' '}
              {KINDS[a.aviso] ?? a.aviso}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
