/**
 * The day's packing list: totals per product and option, then each order's block (dated ones,
 * then those without a date) with a box to tick per line; printable on A4, and as CSV.
 */
import type { DiaEntrega, PedidoDoDia } from '../api/day';
import { capitalizeWords, packingTotals, totalLabel } from '../packing';

export function PackingList({ day, dated, undated, onCsv }: { day: DiaEntrega; dated: PedidoDoDia[]; undated: PedidoDoDia[]; onCsv: () => void }) {
  const totals = packingTotals(day.pedidos.map((o) => o.pedido));
  return (
    <section className="day__packing" aria-labelledby="separacao">
      <h2 id="separacao">Separação</h2>
      <div className="no-print day__actions">
        <button type="button" className="btn" onClick={() => window.print()}>
          Imprimir
        </button>
        <button type="button" className="btn" onClick={onCsv}>
          Baixar CSV
        </button>
      </div>
      <ul className="day__totals" aria-label="Totais por produto">
        {totals.map((t) => (
          <li key={`${t.titulo}|${t.opcao ?? ''}`}>{totalLabel(t)}</li>
        ))}
      </ul>
      <OrderBlocks orders={dated} />
      {undated.length > 0 && (
        <>
          <h3>Sem data marcada</h3>
          <OrderBlocks orders={undated} />
        </>
      )}
    </section>
  );
}

function OrderBlocks({ orders }: { orders: PedidoDoDia[] }) {
  return (
    <>
      {orders.map(({ pedido }) => (
        <article key={pedido.id} className="day__order" aria-label={`Pedido de ${pedido.Infos.cliente_nome}`}>
          <h4>
            {pedido.Infos.cliente_nome} — {pedido.Infos.tipo_entrega === 'Entrega' ? 'Entrega' : 'Retirada'}
            {pedido.Infos.janela_inicio && pedido.Infos.janela_fim ? `, ${pedido.Infos.janela_inicio}–${pedido.Infos.janela_fim}` : ''}
          </h4>
          <ul>
            {pedido.Produtos.map((l, i) => (
              <li key={i}>
                <label>
                  <input type="checkbox" /> {l.quantidade} × {capitalizeWords(l.titulo)}
                  {l.opcao ? ` (${l.opcao})` : ''}
                  {l.observacao ? ` · Obs.: ${l.observacao}` : ''}
                </label>
              </li>
            ))}
          </ul>
          {pedido.Infos.observacao && <p className="day__note">Observação do cliente: {pedido.Infos.observacao}</p>}
        </article>
      ))}
    </>
  );
}
