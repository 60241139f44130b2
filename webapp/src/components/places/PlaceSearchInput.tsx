/**
 * The labelled search box of a place search (the city field, the places picker): a text input of
 * type search, without the browser's autocomplete; every other input attribute is passed on.
 */
import type { InputHTMLAttributes } from 'react';

export function PlaceSearchInput({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input type="search" className="input" autoComplete="off" {...input} />
    </label>
  );
}
