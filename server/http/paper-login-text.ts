// The paper broker's login page in English and French. The PWA may pass its language as `lang` in the
// login link; otherwise the browser's Accept-Language decides, and English is the fallback. The page's
// form carries the language on, so an error answer stays in it.
import { paperPasswordMinLength } from '../services/brokers/paper/paper-broker.ts';

export type PaperLoginLang = 'en' | 'fr';

export type PaperLoginText = {
  htmlLang: string;
  title: string;
  errorTitlePrefix: string;
  brand: string;
  simulated: string;
  heading: string;
  continueTo: string;
  appName: string;
  clientIdLabel: string;
  clientIdHint: string;
  passwordLabel: string;
  passwordHint: string;
  submit: string;
  cancel: string;
  note: string;
  summaryHeading: string;
  clientIdMissing: string;
  clientIdShape: string;
  passwordMissing: string;
  passwordShort: string;
  tooManyAttempts: (seconds: number) => string;
  otherLanguage: { lang: PaperLoginLang; name: string };
  invalidLinkTitle: string;
  invalidLinkHeading: string;
  invalidLinkText: string;
  backToApp: string;
};

const n = paperPasswordMinLength;

function waitEn(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function waitFr(seconds: number): string {
  if (seconds < 60) return `${seconds} seconde${seconds < 2 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes < 2 ? '' : 's'}`;
}

export const paperLoginText: Record<PaperLoginLang, PaperLoginText> = {
  en: {
    htmlLang: 'en',
    title: 'Paper broker — log in',
    errorTitlePrefix: 'Error: ',
    brand: 'Paper broker',
    simulated: '(simulated)',
    heading: 'Paper broker — log in',
    continueTo: 'Log in to continue to',
    appName: 'StrikeDesk',
    clientIdLabel: 'Client ID',
    clientIdHint: 'The account number of your paper account, as you linked it in StrikeDesk.',
    passwordLabel: 'Password',
    passwordHint: `Paper accounts accept any password of at least ${n} characters.`,
    submit: 'Log in',
    cancel: 'Cancel',
    note: "This page stands in for your broker's own login page. StrikeDesk never sees the password you type here.",
    summaryHeading: 'There is a problem',
    clientIdMissing: 'Enter your Client ID.',
    clientIdShape: 'A Client ID is 2 to 32 letters, digits, hyphens or underscores: the account number you linked in StrikeDesk.',
    passwordMissing: 'Enter your password.',
    passwordShort: `Paper accounts need a password of at least ${n} characters.`,
    tooManyAttempts: (seconds) => `Too many attempts. Try again in ${waitEn(seconds)}.`,
    otherLanguage: { lang: 'fr', name: 'Français' },
    invalidLinkTitle: 'Paper broker — login link not valid',
    invalidLinkHeading: 'This login link is not valid',
    invalidLinkText: 'The link has no valid API key. Go back to StrikeDesk and choose “Log in to broker” on the account again.',
    backToApp: 'Back to StrikeDesk',
  },
  fr: {
    htmlLang: 'fr',
    title: 'Courtier papier — connexion',
    errorTitlePrefix: 'Erreur : ',
    brand: 'Courtier papier',
    simulated: '(simulé)',
    heading: 'Courtier papier — connexion',
    continueTo: 'Connectez-vous pour continuer vers',
    appName: 'StrikeDesk',
    clientIdLabel: 'Identifiant client',
    clientIdHint: 'Le numéro de votre compte papier, tel que vous l’avez lié dans StrikeDesk.',
    passwordLabel: 'Mot de passe',
    passwordHint: `Les comptes papier acceptent tout mot de passe d’au moins ${n} caractères.`,
    submit: 'Se connecter',
    cancel: 'Annuler',
    note: 'Cette page tient lieu de la page de connexion de votre courtier. StrikeDesk ne voit jamais le mot de passe saisi ici.',
    summaryHeading: 'Il y a un problème',
    clientIdMissing: 'Saisissez votre identifiant client.',
    clientIdShape: 'Un identifiant client compte de 2 à 32 lettres, chiffres, tirets ou tirets bas : c’est le numéro du compte que vous avez lié dans StrikeDesk.',
    passwordMissing: 'Saisissez votre mot de passe.',
    passwordShort: `Les comptes papier demandent un mot de passe d’au moins ${n} caractères.`,
    tooManyAttempts: (seconds) => `Trop de tentatives. Réessayez dans ${waitFr(seconds)}.`,
    otherLanguage: { lang: 'en', name: 'English' },
    invalidLinkTitle: 'Courtier papier — lien de connexion non valide',
    invalidLinkHeading: 'Ce lien de connexion n’est pas valide',
    invalidLinkText: 'Le lien n’a pas de clé d’API valide. Revenez à StrikeDesk et choisissez de nouveau « Se connecter au courtier » sur le compte.',
    backToApp: 'Revenir à StrikeDesk',
  },
};

function asLang(tag: string): PaperLoginLang | null {
  const primary = tag.trim().toLowerCase().split('-')[0];
  return primary === 'en' || primary === 'fr' ? primary : null;
}

/** `lang` from the link or the form first, then the browser's preferences by weight, then English. */
export function negotiateLang(requested: string | undefined, acceptLanguage: string | undefined): PaperLoginLang {
  const chosen = requested === undefined ? null : asLang(requested);
  if (chosen !== null) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { lang: asLang(tag), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.lang !== null && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.lang ?? 'en';
}
