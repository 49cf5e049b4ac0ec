// What Vite adds to the modules it builds: CSS imports as side effects.
declare module "*.css";
