import type { ProtectionSettings, ProtectionSettingsPatch } from '@baitcheck/contracts';
import type { ProtectionSettingsRepository } from './protection-settings.repository.ts';

/**
 * What a new visitor has. The three channel switches are on: protection is the point of the
 * product and every plan includes it. On-device scanning is off: it is marked Premium and
 * downloads the engine into the browser, which a person should choose.
 */
export const DEFAULT_PROTECTION_SETTINGS: Readonly<ProtectionSettings> = Object.freeze({
  smsProtection: true,
  emailProtection: true,
  socialMediaProtection: true,
  onDeviceScanning: false,
});

/** Reads and changes a user's protection switches. */
export function createProtectionSettingsService(repo: ProtectionSettingsRepository) {
  return {
    async get(userId: string): Promise<ProtectionSettings> {
      return (await repo.find(userId)) ?? { ...DEFAULT_PROTECTION_SETTINGS };
    },

    update(userId: string, patch: ProtectionSettingsPatch): Promise<ProtectionSettings> {
      return repo.upsert(userId, patch, DEFAULT_PROTECTION_SETTINGS);
    },
  };
}

/** The protection settings service. */
export type ProtectionSettingsService = ReturnType<typeof createProtectionSettingsService>;
