/**
 * The day's route in the browser: wasm-core's `route` (docs/delivery-route.md) in its own small
 * wasm (webapp/src/wasm/route), imported only from here, so only the day's page downloads it.
 */
import type { MapPoint } from './links';

export interface RouteInput {
  origem: MapPoint | null;
  paradas: (MapPoint | null)[];
  voltar: boolean;
}

export interface PlannedRoute {
  /** Indices into `paradas`, in visiting order. */
  ordem: number[];
  /** Indices of the stops without coordinates ('Sem localização'). */
  sem_localizacao: number[];
  distancia_km: number;
}

interface RouteWasm {
  route_plan(input: RouteInput): PlannedRoute;
  route_length_km(input: RouteInput): number;
}

let loading: Promise<RouteWasm> | undefined;

export function loadRoute(): Promise<RouteWasm> {
  return (loading ??= import('../../wasm/route/wasm_route.js') as Promise<RouteWasm>);
}

/** '12,3 km'. */
export function formatKm(km: number): string {
  return `${km.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
}
