/**
 * 'Moderação de produtos' in the admin's view of a store: every product of the store — disabled
 * ones and those the moderation hid included, which the storefront does not show — each with the
 * moderation's action ('Ocultar produto' with a reason e-mailed to the store, or 'Mostrar de
 * novo'), the same as on a product's own page (ModerationBar, `moderar_produto`).
 */
import { capitalizeWords } from '@/lib/display';
import type { LojaAdmin } from '../api/startSiteAdmin';
import { ModerationBar } from './ModerationBar';

type Produtos = Extract<LojaAdmin, { exist: 1 }>['moderacao_produtos'];

export function ProductModeration({ produtos }: { produtos: Produtos }) {
  return (
    <section className="container admin-product-moderation" aria-labelledby="moderacao-produtos">
      <h2 id="moderacao-produtos">Moderação de produtos</h2>
      {produtos.length === 0 ? (
        <p className="muted">Nenhum produto cadastrado.</p>
      ) : (
        <ul className="admin-moderation-list">
          {produtos.map((p) => (
            <li key={p.id} data-testid="produto-moderacao">
              <ModerationBar tipo="produto" id={p.id} oculto={p.moderacao != null} rotulo={capitalizeWords(p.titulo)} />
              {p.moderacao && <p className="muted">Motivo: {p.moderacao}</p>}
              {p.desabilitado && p.moderacao == null && <p className="muted">Desabilitado pela loja.</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
