/**
 * Notarisation page (`/blockchain`): the explainer, then — signed in — the token balance and
 * purchase, the upload and the history. Signed out, the explainer and a sign-in button (every
 * action needs an account).
 */
import { useCallback, useEffect, useState } from 'react';
import { useAccount } from '@/hooks/useAccount';
import { usePageTitle } from '@/hooks/usePageTitle';
import type { RpcResult } from '@/lib/rpc';
import { useSession } from '@/lib/session';
import { alertText, getTokens, type HistoryEntry } from '../api/notary';
import { HistoryCard } from './HistoryCard';
import { TokensCard } from './TokensCard';
import { UploadCard } from './UploadCard';
import '../blockchain.css';

export default function BlockchainPage() {
  usePageTitle('Registro em blockchain');
  const session = useSession();
  const { signIn } = useAccount();
  return (
    <div className="container page notary">
      <h1>Registro em blockchain</h1>
      <p>
        Registre seus arquivos de forma permanente na blockchain e receba um link para comprovar a existência e o
        conteúdo de cada documento. Cada registro usa uma ficha.
      </p>
      <p className="muted">
        O arquivo fica guardado na rede Arweave junto com a sua impressão digital (SHA-256). Qualquer pessoa pode
        conferir, pela página de verificação, que um arquivo é exatamente o registrado e em que data.
      </p>
      {session ? (
        <Signed key={session.userinfo.usuario} />
      ) : (
        <section className="notary__card">
          <p>Entre na sua conta para comprar fichas e registrar arquivos.</p>
          <button type="button" className="btn" onClick={signIn}>
            Entrar
          </button>
        </section>
      )}
    </div>
  );
}

function Signed() {
  const [fichas, setFichas] = useState<number | null>(null);
  const [historico, setHistorico] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const apply = useCallback((res: RpcResult<'pegar_fichas_blockchain'>) => {
    if (res.error !== undefined) {
      setError(alertText(res));
      return null;
    }
    setError(null);
    setFichas(res.fichas);
    setHistorico(res.historico);
    return res.fichas;
  }, []);

  const reload = useCallback(async () => apply(await getTokens()), [apply]);

  useEffect(() => {
    let live = true;
    void getTokens().then((res) => {
      if (live) apply(res);
    });
    return () => {
      live = false;
    };
  }, [apply]);

  return (
    <>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <TokensCard fichas={fichas} reload={reload} />
      <UploadCard fichas={fichas} onUploaded={() => void reload()} />
      <HistoryCard historico={historico} />
    </>
  );
}
