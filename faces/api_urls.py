from django.urls import path

from cards.converters import StableIdConverter  # noqa: F401 (registers the stable_id converter)

from . import api

app_name = "faces-api"
# The path's name is the schema's (stableCardId), as on the card routes.
urlpatterns = [
    path("cards/<stable_id:stableCardId>/face.svg", api.CardFaceSVG.as_view(), name="card-face-svg"),
    path("cards/<stable_id:stableCardId>/face.png", api.CardFacePNG.as_view(), name="card-face-png"),
    path("cards/sheet.pdf", api.CardsSheetPDF.as_view(), name="cards-sheet"),
    path("cards/sheet.zip", api.CardsSheetZip.as_view(), name="cards-sheet-zip"),
    path("decks/<int:pk>/sheet.pdf", api.DeckSheetPDF.as_view(), name="deck-sheet"),
    path("decks/<int:pk>/sheet.zip", api.DeckSheetZip.as_view(), name="deck-sheet-zip"),
    path("decks/<int:pk>/tts.zip", api.DeckTTS.as_view(), name="deck-tts"),
    path("sheet-layouts/", api.SheetLayouts.as_view(), name="sheet-layouts"),
    path("print-jobs/", api.PrintJobs.as_view(), name="print-jobs"),
    path("print-jobs/<int:pk>/", api.PrintJobDetail.as_view(), name="print-job"),
    path("print-jobs/<int:pk>/sheet.pdf", api.PrintJobFile.as_view(), name="print-job-file"),
    path("print-jobs/<int:pk>/sheet.zip", api.PrintJobFile.as_view(), name="print-job-zip"),
]
