# À propos de la langue elle-même.
language-name = Français
# Les locales Discord (séparées par des espaces) dont les utilisateurs voient ces noms de commandes.
language-discord-locales = fr
