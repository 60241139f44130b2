/**
 * A Pix charge: its QR image, the 'copia e cola' code and a 'Copiar código' button.
 */
import { useId, useState } from 'react';
import './PixPayment.css';

export interface PixPaymentProps {
  qrcode: string;
  imagem: string | null | undefined;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers / no permission: select the text and use the legacy command.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

export function PixPayment({ qrcode, imagem }: PixPaymentProps) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const codeId = useId();
  return (
    <div className="pix-pay">
      {imagem && <img className="pix-pay__qr" src={imagem} alt="QR Code Pix" width={220} height={220} />}
      <label className="field" htmlFor={codeId}>
        <span className="field__label">Pix copia e cola</span>
      </label>
      <textarea id={codeId} className="input pix-pay__code" readOnly value={qrcode} rows={4} onFocus={(e) => e.currentTarget.select()} data-testid="pix-copia-e-cola" />
      <button
        type="button"
        className="btn"
        onClick={() => {
          void copy(qrcode).then(setCopied);
        }}
      >
        Copiar código
      </button>
      {copied === true && (
        <p className="form__ok" role="status">
          Código copiado!
        </p>
      )}
      {copied === false && (
        <p className="form__error" role="alert">
          Não foi possível copiar. Selecione o código e copie manualmente.
        </p>
      )}
    </div>
  );
}
