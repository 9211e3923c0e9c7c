import { describe, expect, it } from 'vitest';
import { ENDPOINTS, RECENT_ALERTS_LIMIT as CONTRACT_LIMIT, buildPath } from '@baitcheck/contracts';
import { API, RECENT_ALERTS_LIMIT, fillPath } from './endpoints';

describe('web endpoint table', () => {
  it('matches the contract method and path of every endpoint it names', () => {
    for (const [name, endpoint] of Object.entries(API)) {
      const contract = ENDPOINTS[name as keyof typeof ENDPOINTS];
      expect(contract, name).toBeDefined();
      expect({ method: endpoint.method, path: endpoint.path }, name).toEqual({ method: contract.method, path: contract.path });
    }
  });

  it('keeps the recent alerts limit of the contract', () => {
    expect(RECENT_ALERTS_LIMIT).toBe(CONTRACT_LIMIT);
  });

  it('fills path parameters like the contract does', () => {
    expect(fillPath(API.deleteMessage.path, { id: 'a b/c' })).toBe(buildPath(ENDPOINTS.deleteMessage.path, { id: 'a b/c' }));
    expect(() => fillPath(API.deleteMessage.path, {})).toThrow('Missing path parameter');
  });
});
