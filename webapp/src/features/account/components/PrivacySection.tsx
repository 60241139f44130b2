/**
 * 'Meus dados e privacidade' in the profile's Dados pessoais (LGPD, decisions.md §34;
 * docs/privacy.md): 'Baixar meus dados' saves a JSON file of everything stored about the person;
 * 'Excluir minha conta' says what happens, asks for confirmation, and is refused while orders are
 * in progress or money is to be received (the server says which); once deleted, the person is
 * signed out everywhere, the bag in this browser is emptied, and the page goes home.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useStatusDialog } from '@/components/status-dialog';
import { clearBag } from '@/lib/bag';
import { clearSession } from '@/lib/session';
import { isoDay } from '@/lib/time';
import { baixarMeusDados, excluirMinhaConta } from '../api/privacidade';

/** Saves `data` as a JSON file named `name` (the browser's download). */
function saveJson(data: unknown, name: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function PrivacySection() {
  const status = useStatusDialog();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  async function baixar() {
    status.loading();
    const r = await baixarMeusDados();
    if (r.error !== undefined) return status.error(r.error);
    status.close();
    saveJson(r, `meus-dados-feira-${isoDay()}.json`);
  }

  async function deleteIt() {
    setConfirming(false);
    status.loading();
    const r = await excluirMinhaConta();
    // Refused (`conta_com_pendencias`: orders in progress, money to receive): the message says which.
    if (r.error !== undefined) return status.error(r.error);
    // Nothing of the person stays in this browser: the session and the bag (its products and the
    // store they were picked from).
    clearSession();
    clearBag();
    status.success('Sua conta foi excluída.');
    navigate('/', { replace: true });
  }

  return (
    <section className="profile-section privacy" aria-labelledby="privacidade-titulo">
      <h2 id="privacidade-titulo">Meus dados e privacidade</h2>
      <p className="muted">
        Você pode baixar uma cópia de tudo o que a Feira guarda sobre você ou excluir sua conta (Lei Geral de Proteção de Dados). Veja a{' '}
        <a href="/privacidade">Política de privacidade</a>.
      </p>
      <div className="privacy__actions">
        <button type="button" className="btn btn--ghost" onClick={() => void baixar()}>
          Baixar meus dados
        </button>
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          Excluir minha conta
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          message="Excluir minha conta?"
          confirmLabel="Sim, excluir"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void deleteIt()}
        >
          <p>
            Seus dados pessoais, anúncios, fotos e avaliações serão apagados e você sairá da sua conta em todos os aparelhos. Seus pedidos e
            pagamentos ficam guardados para fins contábeis, sem seu nome, e-mail, telefone e endereço. Isso não pode ser desfeito.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
