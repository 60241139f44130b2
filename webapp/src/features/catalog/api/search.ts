/**
 * `search`: the products and ads of a category in a region whose text matches `all` (accent- and
 * case-insensitive, on the server).
 */
import { rpc, type Payload, type RpcResult } from '@/lib/rpc';

export function search(fields: Payload<'search'>, signal?: AbortSignal): Promise<RpcResult<'search'>> {
  return rpc('search', fields, { signal });
}
