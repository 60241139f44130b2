/**
 * A direct ad's detail: images, title, price, description, published date (pt-BR), the seller,
 * the origin, the contact and 'Falar com o anunciante' (WhatsApp chat with 55 and the digits).
 */
import { WhatsAppIcon } from '@/components/icons';
import { capitalizeWords, formatData, productImages, whatsappUrl } from '@/lib/display';
import type { Core } from '@/lib/wasm';
import type { Anuncio } from '@/types/wire';
import { ProductGallery } from './ProductGallery';

function preco(core: Core, reais: number): string | null {
  try {
    return core.money_format(core.money_from_reais(reais));
  } catch (err) {
    console.error('preço ilegível', err);
    return null;
  }
}

export function AdView({ anuncio: a, core }: { anuncio: Anuncio; core: Core }) {
  const titulo = capitalizeWords(a.titulo);
  const amount = preco(core, a.preco);
  return (
    <article className="purchase ad-view">
      <ProductGallery imagens={productImages(a)} titulo={titulo} />
      <div className="purchase__info">
        <h1 className="purchase__title">{titulo}</h1>
        {amount && (
          <p className="purchase__price" data-testid="preco-anuncio">
            {amount}
          </p>
        )}
        {a.descricao && <p className="ad-view__desc">{a.descricao}</p>}
        <dl className="seller__facts">
          {a.publicado != null && (
            <>
              <dt>Publicado em</dt>
              <dd data-testid="publicado">{formatData(a.publicado)}</dd>
            </>
          )}
          {a.nome && (
            <>
              <dt>Anunciante</dt>
              <dd>{a.nome}</dd>
            </>
          )}
          {a.origem && (
            <>
              <dt>Origem</dt>
              <dd>{a.origem}</dd>
            </>
          )}
          {a.telefone && (
            <>
              <dt>Contato</dt>
              <dd>{a.telefone}</dd>
            </>
          )}
        </dl>
        {a.telefone && (
          <a className="btn btn--wa" href={whatsappUrl(a.telefone)} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon /> Falar com o anunciante
          </a>
        )}
      </div>
    </article>
  );
}
