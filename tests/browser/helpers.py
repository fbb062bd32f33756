"""Helpers for the browser tests."""


def wait_loaded(locator, timeout: float = 10_000) -> bool:
    """Wait until the image really arrived (served and decoded), not only its <img> tag."""
    locator.scroll_into_view_if_needed()  # a lazy image loads once near the viewport
    locator.page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=locator.element_handle(), timeout=timeout)
    return True
