/**
 * A note field with its counter ('12/280') and, when the note cannot be sent, the reason (the
 * server's own message). One line: the buyer's note to the store on the order, or on one line of
 * the bag.
 */
import { useId } from 'react';
import { noteCounter, MAX_OBSERVACAO, noteProblem } from '../note';

export interface NoteFieldProps {
  label: string;
  value: string;
  placeholder?: string;
  onChange: (text: string) => void;
  testId?: string;
}

export function NoteField({ label, value, placeholder, onChange, testId }: NoteFieldProps) {
  const id = useId();
  const problema = noteProblem(value);
  return (
    <div className="field checkout-note">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        placeholder={placeholder}
        // A little over the limit, so the counter can say it is over rather than cut the text.
        maxLength={MAX_OBSERVACAO + 20}
        aria-describedby={`${id}-contador`}
        aria-invalid={problema ? true : undefined}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-contador`} className={problema ? 'form__error' : 'muted'} aria-live="polite">
        {noteCounter(value.trim())}
        {problema ? ` · ${problema}` : ''}
      </span>
    </div>
  );
}
