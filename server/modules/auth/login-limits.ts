import type { RateLimitRule } from "../../lib/rate-limit";

const WINDOW_SECONDS = 15 * 60;

/** Login attempts per 15 minutes (decision 010). */
export const LOGIN_LIMITS = {
  /** One account from one address: what an owner who forgot the password meets. */
  perAccountAndAddress: 10,
  /** One address over all accounts: stops spraying one password over many accounts. */
  perAddress: 30,
  /** One account over all addresses: stops guessing spread over many addresses. */
  perAccount: 100,
} as const;

/**
 * The windows one login attempt counts against, in the order they are taken. Ten wrong
 * passwords lock an account only for the address they came from, so an attacker elsewhere
 * cannot lock the owner out. An attempt refused at its address never reaches the account's
 * window: to use that up an attacker needs at least ten addresses, and then guesses at a rate
 * of 100 per 15 minutes.
 */
export function loginRateRules(account: { kind: "email" | "agent"; name: string }, ip: string): RateLimitRule[] {
  return [
    { key: `login:ip:${ip}`, limit: LOGIN_LIMITS.perAddress, windowSeconds: WINDOW_SECONDS },
    { key: `login:${account.kind}-ip:${account.name}:${ip}`, limit: LOGIN_LIMITS.perAccountAndAddress, windowSeconds: WINDOW_SECONDS },
    { key: `login:${account.kind}:${account.name}`, limit: LOGIN_LIMITS.perAccount, windowSeconds: WINDOW_SECONDS },
  ];
}
