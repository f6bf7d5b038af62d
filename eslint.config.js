// ESLint for the web page's modules (make lint): ESLint's recommended rules, for ES
// modules running in a browser. The page has no build step: what is linted is what is
// served.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    // The web's own modules, and each game's (its look's assets) and the domino games'.
    files: [
      "src/pegboard/web/static/**/*.js",
      "src/pegboard/*/looks/static/**/*.js",
      "src/pegboard/dominoes/static/**/*.js",
      "tests/games/*/looks/static/**/*.js",
    ],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
  },
];
