"""English dates in the studio: ISO-like and unambiguous for a team spread over countries
(French and Russian readers get their own locale's formats, Django's)."""

SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
DATETIME_FORMAT = "Y-m-d H:i:s"
