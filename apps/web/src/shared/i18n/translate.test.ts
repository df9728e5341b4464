import { describe, expect, it } from 'vitest';
import { catalogueAdd, i18n, interpolate, languageSet, translate, translator, type Catalogue } from './translate.ts';

const english: Catalogue = { toast: { minorIssue: 'Something went wrong' }, betting: { slip: { lines: 'Lines: {{count}}' } } };
const portuguese: Catalogue = { toast: { minorIssue: 'Algo deu errado' }, betting: { slip: { lines: 'Linhas: {{ count }}' } } };

describe('translator', () => {
  it('reads a dotted key and fills its placeholders, spaces inside the braces included', () => {
    expect(translator(english)('betting.slip.lines', { count: 3 })).toBe('Lines: 3');
    expect(translator(portuguese)('betting.slip.lines', { count: 0 })).toBe('Linhas: 0');
  });

  it('shows a missing key as the key, and a branch of the catalogue is not text', () => {
    expect(translator(english)('toast.abnormal')).toBe('toast.abnormal');
    expect(translator(english)('betting.slip' as 'toast.abnormal')).toBe('betting.slip');
    expect(translator(undefined)('toast.minorIssue')).toBe('toast.minorIssue');
  });

  it('leaves no braces behind when a value is missing, and leaves text without placeholders alone', () => {
    expect(interpolate('Hello {{name}}!', undefined)).toBe('Hello !');
    expect(interpolate('{{a}}{{b}}', { a: 'x', b: 1.5 })).toBe('x1.5');
    expect(interpolate('a {b} c', { b: 'no' })).toBe('a {b} c');
  });
});

describe('current language', () => {
  it('switches what translate and i18n answer, and refuses a language whose catalogue is not loaded', () => {
    catalogueAdd('en-US', english);
    catalogueAdd('pt-BR', portuguese);
    languageSet('en-US');
    expect(translate('toast.minorIssue')).toBe('Something went wrong');
    languageSet('pt-BR');
    expect(i18n.language).toBe('pt-BR');
    expect(translate('toast.minorIssue')).toBe('Algo deu errado');
    expect(i18n.exists('betting.slip.lines')).toBe(true);
    expect(i18n.exists('betting.slip')).toBe(false);
    expect(() => languageSet('ru-RU')).toThrow(/no catalogue/);
    expect(i18n.language).toBe('pt-BR');
  });
});
