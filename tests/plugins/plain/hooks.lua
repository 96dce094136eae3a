-- plain/hooks.lua: no hooks at all (plugin.yaml says why it exists).
return {}
