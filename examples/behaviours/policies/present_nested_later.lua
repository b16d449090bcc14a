-- B35's workaround (VAndrJ/awesome-apple-bugs: present each level 500 ms
-- after the one below) as a policy: a nested request blocked because the
-- level below is still presenting in the same update is queued, and the
-- engine presents it once the level below has finished presenting.
return {
  request = function(ctx)
    if ctx.blocked == "restored_nested" then
      return "queue"
    end
    return nil
  end,
}
