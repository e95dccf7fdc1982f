# About this language itself.
language-name = English
# Discord locales (space-separated) whose users see this language's command names; English is
# the commands' default, so none here.
language-discord-locales = {""}
