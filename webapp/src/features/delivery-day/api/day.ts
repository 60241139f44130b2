/**
 * The day's page's actions: `pegar_dia_entrega` (one date's orders, docs/rpc.md) and the panel's
 * own `confirmar_entrega` ('Entregue' is the same confirmation as Entregas', so the money rules
 * hold). Identity comes from the session.
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

export type DiaEntrega = Answer<'pegar_dia_entrega'>;
export type PedidoDoDia = DiaEntrega['pedidos'][number];

export const pegarDiaEntrega = (data: string): Promise<RpcResult<'pegar_dia_entrega'>> => rpc('pegar_dia_entrega', { data });
export const confirmarEntrega = (item: string): Promise<RpcResult<'confirmar_entrega'>> => rpc('confirmar_entrega', { item });
/** 'Saiu para entrega': e-mails each buyer of the route, once per order. */
export const saiuParaEntrega = (pedidos: string[]): Promise<RpcResult<'saiu_para_entrega'>> => rpc('saiu_para_entrega', { pedidos });
