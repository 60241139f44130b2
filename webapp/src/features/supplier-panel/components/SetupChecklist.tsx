/**
 * 'Sua loja em poucos minutos': the new store's steps, shown at the top of the panel
 * until every one is done — the store's URL confirmed (it starts with one made from the store's
 * name), the payment options (and the Pix key when Pix is on), delivery or pickup, and a first
 * product with a photo. Each step leads to its section. The withdrawal fee is stated plainly.
 */
import type { DadosPainel } from '../api/actions';

/** A new store's steps: the URL, payment options (and Pix key), delivery or pickup, a product with a photo. */
type ChecklistLoja = DadosPainel['checklist'];
import type { Section } from './PanelMenu';

/** The withdrawal fee, as the panel, the registration wizard and /anunciegratis state it. */
export const TAXA_SAQUE =
  'A conta empresarial é gratuita e sem mensalidade. Nas vendas pagas por Pix, cobramos uma taxa de 2% sobre o valor de cada saque. Pagamentos presenciais não têm taxa.';

const STEPS: { key: keyof Omit<ChecklistLoja, 'completo'>; text: string; section: Section; action: string }[] = [
  { key: 'url', text: 'Confirme o endereço da sua loja', section: 'Loja online', action: 'Ir para Loja online' },
  { key: 'pagamentos', text: 'Escolha as formas de pagamento (e a chave Pix, se aceitar Pix)', section: 'Pagamentos', action: 'Ir para Pagamentos' },
  { key: 'entrega', text: 'Configure a entrega ou a retirada', section: 'Delivery', action: 'Ir para Delivery' },
  { key: 'produto', text: 'Cadastre o primeiro produto com foto', section: 'Produtos', action: 'Ir para Produtos' },
];

export function SetupChecklist({ checklist, url, onGo }: { checklist: ChecklistLoja; url: string | null; onGo: (s: Section) => void }) {
  const done = STEPS.filter((s) => checklist[s.key]).length;
  return (
    <section className="checklist" aria-labelledby="checklist-titulo">
      <h2 id="checklist-titulo">Sua loja em poucos minutos</h2>
      <p className="muted">
        {done} de {STEPS.length} passos concluídos.
        {url && (
          <>
            {' '}
            Endereço atual: <strong>/{url}</strong>
          </>
        )}
      </p>
      <ol>
        {STEPS.map((s) => (
          <li key={s.key} className={`checklist__item${checklist[s.key] ? ' checklist__item--done' : ''}`} data-feito={checklist[s.key] ? 'sim' : 'nao'}>
            <span className="checklist__text">{s.text}</span>
            {checklist[s.key] ? (
              <span aria-label="Concluído">✓</span>
            ) : (
              <button type="button" className="btn btn--small btn--ghost" onClick={() => onGo(s.section)}>
                {s.action}
              </button>
            )}
          </li>
        ))}
      </ol>
      <p className="checklist__fee">{TAXA_SAQUE}</p>
    </section>
  );
}
