/** The place picker's resource routes (app/features/places): the search and a place's details. */
export const PLACE_SEARCH_PATH = '/places/search';
export const PLACE_DETAILS_PATH = '/places/details';
