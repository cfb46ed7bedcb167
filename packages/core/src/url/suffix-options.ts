/**
 * How `analyzeUrl` asks tldts: for a host it has already parsed and lowercased (no URL to extract, nothing to
 * validate again, IPs ruled out before), with the private section of the list counted, since `alice.github.io` and
 * `bob.github.io` are different sites to a person.
 */
export const SUFFIX_OPTIONS = {
  allowPrivateDomains: true,
  extractHostname: false,
  validateHostname: false,
  detectIp: false,
  mixedInputs: false,
} as const;
