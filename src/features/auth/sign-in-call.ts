/**
 * What a sign-in needs only once the trader submits: the request and the words for its refusals. Loaded at
 * the form's first input (use-sign-in.ts), not with the entry: a first visit that only looks at the sign-in
 * page does not download them (issue 24).
 */
export { loginUser } from '@/features/auth/api/login-user';
export { authRefusal } from '@/features/auth/auth-error-text';
