"""Who made a change, as stored on a record."""


def real_user(user):
    """``user`` when it is a signed-in account, else None (anonymous requests, commands, tasks)."""
    return user if user is not None and getattr(user, "is_authenticated", False) else None
