/**
 * 'Pedir de novo' (one tap on a past order): the server reads the order with today's state
 * (`pedir_de_novo`: the lines at today's prices, each change said — 'Preço mudou: de R$ 5,90 para
 * R$ 6,50', 'Só há 2 em estoque.' — and the lines no longer available with why); each product is
 * read as the bag keeps it and the bag is filled (added to a bag of the same store; a bag of
 * another store is replaced only if the buyer agrees). What happened is said in a few lines
 * ([`reorderOutcome`]).
 */
import { fillBag, getBag, openBag, type AddToBagInput } from '@/lib/bag';
import { ERRO_GENERICO, type Answer } from '@/lib/rpc';
import { pedirDeNovo, pegarDadosforn, pegarProduto } from './api/pedirDeNovo';

export type Reordered = Answer<'pedir_de_novo'>;

/** Asked before a bag of another store is replaced. */
export const TROCAR_SACOLA = 'Sua sacola tem produtos de outra loja. Trocar pelos deste pedido?';
export const NADA_DISPONIVEL = 'Nenhum produto deste pedido está disponível agora.';

/** What the buyer is told after 'Pedir de novo': the first line, then one per change. */
export function reorderOutcome(r: Reordered): string[] {
  const n = r.sacola.length;
  const out: string[] = [];
  if (n === 0) out.push(NADA_DISPONIVEL);
  else out.push(n === 1 ? '1 produto voltou para a sacola.' : `${n} produtos voltaram para a sacola.`);
  for (const l of r.sacola) {
    if (l.aviso) out.push(`${l.titulo}: ${l.aviso}`);
  }
  for (const u of r.indisponiveis) out.push(`${u.titulo}: ${u.motivo}.`);
  return out;
}

export interface ReorderOutcome {
  /** The lines to show (or the error's message). */
  mensagens: string[];
  ok: boolean;
}

/** Asks for the order again, fills the bag and opens it; `confirmar` asks before replacing a bag. */
export async function reorderIntoBag(idpedido: string, confirmar: (q: string) => boolean = (q) => window.confirm(q)): Promise<ReorderOutcome> {
  const r = await pedirDeNovo(idpedido);
  if (r.error !== undefined) return { mensagens: [r.error || ERRO_GENERICO], ok: false };
  const messages = reorderOutcome(r);
  if (r.sacola.length === 0) return { mensagens: messages, ok: false };
  const [loja, ...produtos] = await Promise.all([pegarDadosforn(r.userforn), ...r.sacola.map((l) => pegarProduto(l.id))]);
  if (loja.error !== undefined) return { mensagens: [loja.error || ERRO_GENERICO], ok: false };
  const lines: AddToBagInput[] = [];
  r.sacola.forEach((l, i) => {
    const p = produtos[i];
    if (p.error !== undefined) return;
    lines.push({ product: p.item, quantidade: l.quantidade, opcao: l.opcaoselecionada ?? null, dadosforn: loja.dadosforn, obs: l.observacao });
  });
  const bag = getBag();
  const outra = bag.length > 0 && bag[0].infos.userforn !== r.userforn;
  if (outra && !confirmar(TROCAR_SACOLA)) return { mensagens: ['A sacola não foi alterada.'], ok: false };
  fillBag(lines, outra);
  openBag();
  return { mensagens: messages, ok: true };
}
