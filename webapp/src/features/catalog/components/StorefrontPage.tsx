/**
 * Public supplier storefront (`/:urlforn`). A path that cannot be a store URL (decisions §13:
 * lower-case letters, digits and hyphens, 3–40 characters) is not found at once; otherwise
 * `start_site` decides: loading spinner, 'Página não encontrada' (exist 0), 'Em manutenção' (a
 * hidden supplier), or the ready store. A load failure shows 'Algum erro ocorreu!'.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadError, Loading } from '@/components/LoadStates';
import { NotFound } from '@/components/NotFound';
import { useStatusDialog } from '@/components/status-dialog';
import { StoreIcon } from '@/components/StoreIcon';
import { useLoad } from '@/hooks/useLoad';
import { usePageTitle } from '@/hooks/usePageTitle';
import { ERRO_GENERICO } from '@/lib/rpc';
import { startSite } from '../api/startSite';
import { STORE_URL_RE } from '../storeUrl';
import { StoreReady } from './StoreReady';
import '../storefront.css';


export default function StorefrontPage() {
  const { urlforn = '' } = useParams();
  if (!STORE_URL_RE.test(urlforn)) return <NotFound />;
  return <Storefront key={urlforn} urlforn={urlforn} />;
}

function Storefront({ urlforn }: { urlforn: string }) {
  const [load, retry] = useLoad(urlforn, (signal) => startSite(urlforn, signal));
  const status = useStatusDialog();
  const falhou = load.estado === 'erro';
  useEffect(() => {
    if (falhou) status.error(ERRO_GENERICO);
  }, [falhou, status]);

  if (load.estado === 'carregando') {
    return <Loading className="store-loading" />;
  }
  if (load.estado === 'erro') {
    return (
      <section className="container page">
        <LoadError onRetry={retry} />
      </section>
    );
  }
  const loja = load.data;
  if (loja.exist === 0) return <NotFound />;
  if ('manutencao' in loja) return <Maintenance nomeforn={loja.dadosforn.nomeforn} iconeforn={loja.dadosforn.iconeforn} />;
  return <StoreReady dadosforn={loja.dadosforn} produtos={loja.allprods} paleta={loja.infos.paleta} />;
}

function Maintenance({ nomeforn, iconeforn }: { nomeforn?: string; iconeforn?: string | null }) {
  usePageTitle(nomeforn || 'Em manutenção');
  return (
    <section className="container page store-maintenance">
      <StoreIcon src={iconeforn} size={96} />
      {nomeforn && <p className="store-maintenance__name">{nomeforn}</p>}
      <h1>Em manutenção</h1>
      <Link to="/" className="btn">
        Voltar para o início
      </Link>
    </section>
  );
}
