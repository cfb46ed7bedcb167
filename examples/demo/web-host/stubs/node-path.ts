// Only the client's default (system browser) opener reads it; a web page never calls that.
export const delimiter = ':';
