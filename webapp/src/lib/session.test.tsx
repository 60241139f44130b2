/**
 * The session store: persistence in localStorage under 'sessao', validation, updates and the
 * cross-tab `storage` event.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SESSION, USER } from '@/test/fixtures';
import { clearSession, getSession, SESSION_KEY, setSession, subscribeSession, updateUserInfo, useSession } from './session';

function otherTab(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

describe('session store', () => {
  it('starts signed out', () => {
    expect(getSession()).toBeNull();
  });

  it('persists {token, userinfo} under "sessao"', () => {
    setSession(SESSION);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual(SESSION);
    expect(getSession()).toEqual(SESSION);
    expect(getSession()).toBe(getSession()); // stable snapshot
  });

  it('reads a session stored before the page loaded', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    expect(getSession()?.userinfo.email).toBe(USER.email);
  });

  it('ignores invalid stored values', () => {
    localStorage.setItem(SESSION_KEY, '{not json');
    expect(getSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: '', userinfo: USER }));
    expect(getSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 't' }));
    expect(getSession()).toBeNull();
  });

  it('updates the stored user', () => {
    setSession(SESSION);
    updateUserInfo({ nome: 'Maria S.' });
    expect(getSession()?.userinfo.nome).toBe('Maria S.');
    expect(getSession()?.token).toBe(SESSION.token);
  });

  it('clears', () => {
    setSession(SESSION);
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('notifies subscribers of changes in this tab', () => {
    const l = vi.fn();
    const off = subscribeSession(l);
    setSession(SESSION);
    clearSession();
    expect(l).toHaveBeenCalledTimes(2);
    off();
    setSession(SESSION);
    expect(l).toHaveBeenCalledTimes(2);
  });

  it('follows sign-in and sign-out made in another tab', () => {
    function Who() {
      const s = useSession();
      return <p>{s ? s.userinfo.nome : 'ninguém'}</p>;
    }
    render(<Who />);
    expect(screen.getByText('ninguém')).toBeTruthy();
    act(() => otherTab(SESSION_KEY, JSON.stringify(SESSION)));
    expect(screen.getByText('Maria Silva')).toBeTruthy();
    act(() => otherTab(SESSION_KEY, null));
    expect(screen.getByText('ninguém')).toBeTruthy();
  });

  it('ignores storage events of other keys', () => {
    const l = vi.fn();
    const off = subscribeSession(l);
    window.dispatchEvent(new StorageEvent('storage', { key: 'sacola', newValue: '[]' }));
    expect(l).not.toHaveBeenCalled();
    off();
  });
});
