import { describe, expect, it } from 'vitest';
import { localeCatalogueLoad } from './i18n.ts';

describe('locale loading', () => {
  it('loads a catalogue on demand', async () => {
    const catalogue = await localeCatalogueLoad('pt-BR');
    expect((catalogue.footer as Record<string, string>).setting).toBe('Ajustes');
  });

  it('fails with the module-not-found error for a locale it does not ship (spec §8)', async () => {
    await expect(localeCatalogueLoad('xx-XX')).rejects.toThrow("Cannot find module './locales/xx-XX.json'");
  });
});
