/**
 * The contract bites: a file of mistakes that must not compile. Each mistake is a line under a
 * `@ts-expect-error`, and an unused `@ts-expect-error` is itself an error, so `npm run typecheck`
 * (which compiles this file alone with tsconfig.contract.json; the app's tsconfig.json leaves it
 * out) fails the day the generated types (types/api.gen.ts) and the RPC client (lib/rpc.ts) stop
 * refusing one of them: a misspelt, unknown, missing or mistyped payload field, an unknown action,
 * a field read from an answer that the API does not send, an answer read before its error is
 * ruled out, an error code that does not exist (in a comparison or a set of codes), a table over
 * every error code (as the client's, lib/rpc.ts) that leaves one out. Each mistake has a correct twin just above it,
 * which must compile, so the mistake fails for the reason it names. Never imported, never run.
 */
import { rpc, type ErrorCode, type ServerErrorCode } from '@/lib/rpc';

/** A table over every error code but one (`conta_com_pendencias`). */
declare const quaseTodos: { readonly [C in Exclude<ServerErrorCode, 'conta_com_pendencias'>]: boolean };

export async function mistakes(): Promise<void> {
  // Payloads.
  await rpc('alterar_nome', { nome: 'Ana' });
  // @ts-expect-error: a misspelt payload field (`nome`).
  await rpc('alterar_nome', { nomee: 'Ana' });
  // @ts-expect-error: a required payload field left out.
  await rpc('alterar_nome', {});

  await rpc('finalizar_pedido', { total: 12.5, sacola: [{ id: 'p1', quantidade: 2 }], pagamento: '2', entrega: true });
  // @ts-expect-error: a field the API does not read (the spec's `site`).
  await rpc('finalizar_pedido', { total: 12.5, site: true });
  // @ts-expect-error: a misspelt field inside a bag line (`quantidade`).
  await rpc('finalizar_pedido', { total: 12.5, sacola: [{ id: 'p1', qtd: 2 }] });

  await rpc('alterar_compras', { compras: true });
  // @ts-expect-error: a payload field of the wrong type.
  await rpc('alterar_compras', { compras: 'sim' });

  await rpc('pegar_pedidos');
  await rpc('pegar_pedidos', { cursor: 'c1', limite: 20 });
  // @ts-expect-error: a field the action does not read (its fields are all optional).
  await rpc('pegar_pedidos', { regiao: 'Piracicaba, SP' });

  await rpc('pegar_solicitacoes_saque');
  // @ts-expect-error: a field sent to an action that takes none.
  await rpc('pegar_solicitacoes_saque', { regiao: 'Piracicaba, SP' });

  // @ts-expect-error: an action the API does not have.
  await rpc('pegar_tudo');

  // Answers.
  const pedido = await rpc('finalizar_pedido', { total: 12.5 });
  if (pedido.error === undefined) {
    console.warn(pedido.all.id, pedido.all.Infos.total_pago, pedido.qrcode);
    // @ts-expect-error: an answer field the API does not send (the order is `all`).
    console.warn(pedido.pedido);
    // @ts-expect-error: an order field the API does not send.
    console.warn(pedido.all.Infos.valor_total);
    const txid: string | null = pedido.all.Infos.txid;
    // @ts-expect-error: a field read as a type it does not have (the txid may be null).
    const txidTexto: string = pedido.all.Infos.txid;
    console.warn(txid, txidTexto);
  } else {
    const code: ErrorCode = pedido.codigo_erro;
    console.warn(code, pedido.codigo_erro === 'precos_mudaram');
    // @ts-expect-error: an error code that does not exist.
    console.warn(pedido.codigo_erro === 'precos_mudou');
  }
  // @ts-expect-error: an answer read before its error is ruled out.
  console.warn(pedido.all.id);

  // Error codes: a set of codes holds codes the API has (features type them ReadonlySet<ErrorCode>).
  const cupons: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['cupom_expirado', 'cupom_ja_usado']);
  // @ts-expect-error: a misspelt code in a set of codes (`cupom_expirado`).
  const cuponsErrados: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['cupom_expirdo']);
  console.warn(cupons, cuponsErrados);
  // A table over every code (lib/rpc.ts keeps one: what each code means) must place each of them.
  const todos: { readonly [C in ServerErrorCode]: boolean } = { ...quaseTodos, conta_com_pendencias: true };
  // @ts-expect-error: a code left out of a table over every code (`conta_com_pendencias`).
  const faltaUm: { readonly [C in ServerErrorCode]: boolean } = quaseTodos;
  console.warn(todos, faltaUm);

  const lojas = await rpc('pegar_lojas');
  if (lojas.error === undefined) {
    console.warn(lojas.lojas[0]?.nomeforn);
    // @ts-expect-error: another action's answer (`pegar_lojas` sends stores, not products).
    console.warn(lojas.produtos);
  }
}
