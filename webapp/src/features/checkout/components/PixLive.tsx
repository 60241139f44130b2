/**
 * The Pix part of the success screen, live: while the charge waits, 'Pague com Pix…',
 * the countdown ('Expira em 59:32'), the QR image and the 'copia e cola' code; it turns to
 * 'Pagamento confirmado' within seconds of the payment (`useLivePix` asks the server), and at
 * the deadline to the expired message, unless a Pix came in: then what became of it (given back),
 * never that it was not paid in time (decisions.md §28).
 */
import { useCallback } from 'react';
import { PixPayment } from '@/components/PixPayment';
import { formatRemaining, useLivePix, type PixPhase } from '@/hooks/useLivePix';
import { PIX_EXPIRADO, pixRefundText } from '@/lib/orders';
import type { PixDevolvido } from '@/types/wire';
import { consultarPagamento } from '../api/consultarPagamento';

export interface PixLiveProps {
  idpedido: string;
  /** When the charge expires (ms since the epoch), or null when the order does not say. */
  expiraEm: number | null;
  qrcode: string;
  imagem: string | null | undefined;
}

export function PixLive({ idpedido, expiraEm, qrcode, imagem }: PixLiveProps) {
  const lookUp = useCallback((signal: AbortSignal) => consultarPagamento(idpedido, signal), [idpedido]);
  const pix = useLivePix({ idpedido, expiraEm, consultar: lookUp });
  const devolvido = pixRefundText(pix.devolvido);
  return (
    <div className="pix-live">
      <p role="status" data-testid="pix-situacao" className={pix.fase === 'pago' ? 'pix-live__pago' : pix.fase === 'expirado' ? 'form__error' : undefined}>
        {situacao(pix.fase, pix.devolvido)}
      </p>
      {devolvido && pix.fase !== 'expirado' && (
        <p className="pix-live__aviso" data-testid="pix-devolvido">
          {devolvido}
        </p>
      )}
      {pix.fase === 'pago' && <p>Recebemos o seu Pix. A loja já foi avisada do seu pedido.</p>}
      {pix.fase === 'aguardando' && (
        <>
          {pix.restanteMs != null && (
            <p className="pix-live__expira" role="timer" data-testid="pix-expira">
              Expira em {formatRemaining(pix.restanteMs)}
            </p>
          )}
          <PixPayment qrcode={qrcode} imagem={imagem} />
        </>
      )}
    </div>
  );
}

function situacao(fase: PixPhase, devolvido: PixDevolvido | null): string {
  switch (fase) {
    case 'pago':
      return 'Pagamento confirmado';
    case 'verificando':
      return 'Verificando pagamento...';
    case 'expirado':
      // A Pix that came in is never called unpaid: what became of it, and the order's end.
      return devolvido ? `${pixRefundText(devolvido)}. O prazo de pagamento terminou e o pedido foi cancelado.` : PIX_EXPIRADO;
    case 'aguardando':
      return 'Pague com Pix para confirmar o seu pedido.';
  }
}
