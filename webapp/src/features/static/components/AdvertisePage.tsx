/**
 * /anunciegratis: the two free offers — Anúncio Direto and the free Conta Empresarial (no monthly
 * fee; the 2% fee on each withdrawal of Pix sales stated plainly) — with an anchor to
 * the plans. The calls to action sign the visitor in first; a signed-in
 * user goes to their ads, or to their supplier panel when they already have a business account.
 */
import { useNavigate } from 'react-router-dom';
import { useAccount } from '@/hooks/useAccount';
import { usePageTitle } from '@/hooks/usePageTitle';
import '../static.css';

export default function AdvertisePage() {
  usePageTitle('Anuncie grátis');
  const { user, signIn, openAdsEntry } = useAccount();
  const navigate = useNavigate();

  const startAd = () => {
    if (!user) return signIn();
    if (openAdsEntry) return openAdsEntry();
    navigate(`/painel/perfil/${encodeURIComponent(user.usuario)}`, { state: { inicial: 'anuncios' } });
  };
  const startStore = () => {
    if (!user) return signIn();
    if (!user.type && openAdsEntry) return openAdsEntry();
    navigate(`/painel/${encodeURIComponent(user.usuario)}`);
  };

  return (
    <div className="page advertise">
      <section className="advertise__hero">
        <div className="container">
          <h1>Anuncie grátis na Feira</h1>
          <p>
            Venda seus alimentos, sementes, mudas e produtos agrícolas para compradores da sua região — ou de todo o
            Brasil. Sem mensalidade e sem taxa para anunciar. Nas vendas pagas por Pix, a Feira cobra 2% sobre o valor de
            cada saque.
          </p>
          <a className="btn btn--light" href="#planos">
            Conheça os planos
          </a>
        </div>
      </section>

      <section id="planos" className="container plans" aria-labelledby="planos-titulo">
        <h2 id="planos-titulo">Planos</h2>
        <div className="plans__grid">
          <article className="plan">
            <h3>Anúncio Direto</h3>
            <p className="plan__price">Grátis</p>
            <ul>
              <li>Publique um anúncio sem precisar de conta empresarial</li>
              <li>Os interessados falam com você direto pelo WhatsApp</li>
              <li>Escolha onde o anúncio aparece: todo o Brasil, alguns estados ou algumas cidades</li>
            </ul>
            <button type="button" className="btn" onClick={startAd}>
              Publicar anúncio
            </button>
          </article>
          <article className="plan plan--featured">
            <h3>Conta Empresarial gratuita</h3>
            <p className="plan__price">R$ 0 por mês</p>
            <ul>
              <li>Sem mensalidade</li>
              <li>Loja on-line com endereço próprio</li>
              <li>Receba pedidos com entrega ou retirada no local</li>
              <li>Pagamento presencial ou por Pix, com cupons de desconto</li>
              <li>
                <strong>Taxa de 2% sobre cada saque</strong> do dinheiro recebido por Pix; pagamentos presenciais não têm taxa
              </li>
              <li>Painel com pedidos, produtos e histórico de vendas</li>
            </ul>
            <button type="button" className="btn" onClick={startStore}>
              Criar minha loja
            </button>
          </article>
        </div>
      </section>
    </div>
  );
}
