/**
 * The phone field, one for every form that asks for a phone (the buyer's address, its wizard, the
 * supplier's registration and 'Meus Dados'): labelled 'Telefone', a phone keyboard, the
 * browser's national-number autofill, at most 15 characters (spec §5), masked by wasm-core as it
 * is typed ('(19) 99999-0000'; as typed while wasm-core loads). `onChange` gets the masked text.
 */
import type { Core } from '@/lib/wasm';

/** The most characters of a phone, masked (spec §5). */
export const PHONE_MAX_LENGTH = 15;

export function PhoneField(props: {
  core: Core | null;
  value: string;
  onChange: (masked: string) => void;
  /** Focused when its dialog step opens (`data-autofocus`). */
  autoFocus?: boolean;
}) {
  const { core, value, onChange, autoFocus } = props;
  const mask = (text: string) => (core ? core.phone_mask(text) : text);
  return (
    <label className="field">
      <span className="field__label">Telefone</span>
      <input
        className="input"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(00) 00000-0000"
        maxLength={PHONE_MAX_LENGTH}
        value={mask(value)}
        data-autofocus={autoFocus ? true : undefined}
        onChange={(e) => onChange(mask(e.target.value))}
      />
    </label>
  );
}
