export const codeTaken = (code: string) => `The code ${code} is already in use.`;
