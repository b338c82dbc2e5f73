// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decideAccess, loginUrlFor, safeRedirectTarget } from '@/app/router/guards';
import { DEFAULT_HOME } from '@/app/router/paths';

describe('protected routes', () => {
  it('let a signed-in user through', () => {
    expect(decideAccess('protected', true, { pathname: '/app/order_book', search: '' })).toEqual({ kind: 'allow' });
  });

  it('send a signed-out visitor to the login page with the requested path and query', () => {
    const decision = decideAccess('protected', false, { pathname: '/app/order_book', search: '?start_date=2026-11-20&x=1' });
    expect(decision.kind).toBe('redirect');
    const to = decision.kind === 'redirect' ? decision.to : '';
    const url = new URL(to, 'http://localhost');
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('redirect')).toBe('/app/order_book?start_date=2026-11-20&x=1');
  });

  it('encode the redirect so its own query does not leak into the login URL', () => {
    expect(loginUrlFor({ pathname: '/app/position', search: '?a=1&redirect=evil' })).toBe(
      '/auth/login?redirect=%2Fapp%2Fposition%3Fa%3D1%26redirect%3Devil',
    );
  });
});

describe('public routes', () => {
  it('let a signed-out visitor through', () => {
    expect(decideAccess('public', false, { pathname: '/auth/login', search: '' })).toEqual({ kind: 'allow' });
  });

  it('send a signed-in visitor to the default home', () => {
    expect(decideAccess('public', true, { pathname: '/auth/register', search: '' })).toEqual({
      kind: 'redirect',
      to: DEFAULT_HOME,
    });
  });

  it('send a user who just signed in to the page they asked for, query kept', () => {
    const search = `?${new URLSearchParams({ redirect: '/app/position_book?start_date=2026-11-20' })}`;
    expect(decideAccess('public', true, { pathname: '/auth/login', search })).toEqual({
      kind: 'redirect',
      to: '/app/position_book?start_date=2026-11-20',
    });
  });

  // The decision itself must pass the parameter through safeRedirectTarget: a signed-in visitor lands
  // here straight from a link anyone can craft, so handing back the raw value is an open redirect.
  it.each([
    ['https://evil.example/app', 'an absolute URL'],
    ['//evil.example/app', 'a protocol-relative URL'],
    ['/\\evil.example', 'a backslash trick'],
    ['javascript:alert(1)', 'a script URL'],
    ['/auth/login?redirect=/app', 'the login page itself'],
  ])('send a signed-in visitor asked to go to %s (%s) to the default home instead', (target) => {
    const search = `?${new URLSearchParams({ redirect: target })}`;
    expect(decideAccess('public', true, { pathname: '/auth/login', search })).toEqual({ kind: 'redirect', to: DEFAULT_HOME });
  });
});

describe('redirect targets', () => {
  it.each([
    ['https://evil.example/app', 'absolute URL'],
    ['//evil.example/app', 'protocol-relative URL'],
    ['/\\evil.example', 'backslash trick'],
    ['javascript:alert(1)', 'script URL'],
    ['app/position', 'relative path without a slash'],
    ['/\t/evil.example', 'control character'],
    ['/auth/login?redirect=/app', 'the login page itself'],
    ['', 'empty'],
  ])('refuse %s (%s)', (raw) => {
    expect(safeRedirectTarget(raw)).toBe(DEFAULT_HOME);
  });

  it('refuse a missing target', () => {
    expect(safeRedirectTarget(null)).toBe(DEFAULT_HOME);
  });

  it('keep a same-origin path with its query and hash', () => {
    expect(safeRedirectTarget('/app/order_book?start_date=2026-11-20#open')).toBe('/app/order_book?start_date=2026-11-20#open');
  });
});
